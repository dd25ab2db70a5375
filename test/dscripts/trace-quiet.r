7-7word

