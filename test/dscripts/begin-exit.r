hello from BEGIN

