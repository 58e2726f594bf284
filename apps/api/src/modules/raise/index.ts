// The public face of the raise module: the analytics event kinds it counts.
