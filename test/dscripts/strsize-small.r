[abcd] [abcd] [4] [ABCD]

