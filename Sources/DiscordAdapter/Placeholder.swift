// The adapter goes here.
