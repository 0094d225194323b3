package auth

import (
	"fmt"
	"testing"
	"time"
)

func TestTokenCacheStaysWithinItsBoundDroppingExpiredThenSoonestToExpire(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	tc := newTokenCache(3)
	claims := func(sub string) *Claims { return &Claims{Sub: sub} }
	tc.put("a", claims("a"), now.Add(10*time.Minute), now)
	tc.put("b", claims("b"), now.Add(time.Minute), now)
	tc.put("c", claims("c"), now.Add(30*time.Minute), now)
	tc.put("d", claims("d"), now.Add(20*time.Minute), now) // full: b (soonest to expire) goes
	if len(tc.entries) != 3 {
		t.Fatalf("%d entries", len(tc.entries))
	}
	if _, ok := tc.get("b", now); ok {
		t.Error("b should have been evicted")
	}
	for _, k := range []string{"a", "c", "d"} {
		if c, ok := tc.get(k, now); !ok || c.Sub != k {
			t.Errorf("%s: %v %v", k, c, ok)
		}
	}
	// Later, a and d have expired: both go to make room, and the cache never holds them again.
	later := now.Add(25 * time.Minute)
	tc.put("e", claims("e"), later.Add(time.Hour), later)
	if len(tc.entries) != 2 {
		t.Errorf("expired entries kept: %d", len(tc.entries))
	}
	if _, ok := tc.get("c", later.Add(10*time.Minute)); ok {
		t.Error("c is served after its expiry")
	}
	// Many distinct tokens: the bound holds.
	for i := range 100 {
		tc.put(fmt.Sprint("t", i), claims("x"), later.Add(time.Duration(i)*time.Second+time.Minute), later)
		if len(tc.entries) > 3 {
			t.Fatalf("%d entries after %d puts", len(tc.entries), i)
		}
	}
	// An already-expired token is never stored.
	tc2 := newTokenCache(3)
	tc2.put("old", claims("old"), now.Add(-time.Second), now)
	if len(tc2.entries) != 0 {
		t.Error("stored an expired token")
	}
}
