package meter

import (
	"math"
	"testing"
)

func TestCognitoTiers(t *testing.T) {
	cases := []struct {
		tier string
		mau  float64
		free bool
		want float64
	}{
		{"LITE", 8_000, true, 0},
		{"LITE", 8_000, false, 8_000 * 0.0055},
		{"LITE", 20_000, true, 10_000 * 0.0055},
		{"LITE", 150_000, true, 90_000*0.0055 + 50_000*0.0046},
		{"ESSENTIALS", 20_000, true, 10_000 * 0.015},
		{"ESSENTIALS", 20_000, false, 20_000 * 0.015},
		{"PLUS", 1_000, true, 1_000 * 0.020},
	}
	for _, c := range cases {
		if got := Prices.Cognito(c.tier, c.mau, c.free); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s %v MAU free=%v: %v, want %v", c.tier, c.mau, c.free, got, c.want)
		}
	}
}

// Every line of the bill grows with what it prices: doubling the usage of one member doubles
// that line (a line that ignores its input would flatter the total).
func TestBillLinesFollowUsage(t *testing.T) {
	u := Usage{APIRequests: 100, OtherInvocations: 2, GBSeconds: 1, RRU: 500, WRU: 100, APIReplyBytes: 1e6,
		PageLoads: 10, PageBytes: 3e4, AssetBytes: 2e5, AssetRequests: 20, PhotoPuts: 2, PhotoBytesIn: 4e5,
		PhotoGets: 50, PhotoBytesOut: 1e7, PhotoChecks: 2, LogBytes: 1e5, SecretReads: 1, ActiveShare: 0.5,
		StoredPhotoBytesPerMember: 5e6, StoredTableBytesPerMember: 1e5, StoredLogBytesPerMember: 1e6}
	base := Prices.Price(u, 10_000, "LITE", false)
	for _, l := range base.Lines {
		if l.Cost <= 0 {
			t.Errorf("%s costs nothing: %s", l.Service, l.Detail)
		}
	}
	u2 := u
	u2.RRU *= 2
	u2.WRU *= 2
	if d := Prices.Price(u2, 10_000, "LITE", false).Total() - base.Total(); d <= 0 {
		t.Errorf("doubling RRU and WRU changed the total by %v", d)
	}
}
