package domain

import (
	"errors"
	"net/url"
	"testing"
)

// sameError: both nil, or the same code, message and field (Error.Is).
func sameError(got, want error) bool {
	if got == nil || want == nil {
		return got == want
	}
	return errors.Is(got, want)
}

// queryCase is a query string, the filter it parses to and the error it is
// refused with (nil for none).
type queryCase[T comparable] struct {
	query string
	want  T
	err   error
}

// checkQueries parses each case's query: the error must be the case's and,
// with none, the result the case's.
func checkQueries[T comparable](t *testing.T, cases []queryCase[T], parse func(url.Values) (T, error)) {
	t.Helper()
	for _, c := range cases {
		q, _ := url.ParseQuery(c.query)
		got, err := parse(q)
		if !sameError(err, c.err) || (err == nil && got != c.want) {
			t.Errorf("%q: (%+v, %v), want (%+v, %v)", c.query, got, err, c.want, c.err)
		}
	}
}
