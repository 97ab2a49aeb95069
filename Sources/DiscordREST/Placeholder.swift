// The REST client goes here.
