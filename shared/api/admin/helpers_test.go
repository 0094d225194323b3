package admin_test

import (
	"encoding/json"
	"strconv"
	"testing"
)

func itoa(n int) string { return strconv.Itoa(n) }

func structMap(t *testing.T, v any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}
