error

