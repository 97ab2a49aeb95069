// The simulator goes here.
