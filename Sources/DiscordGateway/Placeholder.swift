// The gateway goes here.
