package domain

import "errors"

// sameError: both nil, or the same code, message and field (Error.Is).
func sameError(got, want error) bool {
	if got == nil || want == nil {
		return got == want
	}
	return errors.Is(got, want)
}
