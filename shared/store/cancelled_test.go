package store

import "testing"

func TestFailedPrefixNamesTheFirstFailureInTransactionOrder(t *testing.T) {
	c := &cancelled{codes: map[string]string{}}
	for _, n := range []string{"meta", "lote:A3", "lote:A4", "lote:A5"} {
		code := "ConditionalCheckFailed"
		if n == "meta" {
			code = "None"
		}
		c.codes[n] = code
		c.order = append(c.order, n)
	}
	for range 50 { // map order would differ between runs; the answer must not
		if name, ok := c.failedPrefix("lote:"); !ok || name != "lote:A3" {
			t.Fatalf("failedPrefix = %q %v, want lote:A3", name, ok)
		}
	}
}
