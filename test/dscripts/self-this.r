self 3 this 42
self still set in the next clause

