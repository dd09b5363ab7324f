// The widget loader (issue 4).
