package meter

import (
	"fmt"
	"io"
	"math"
)

// Usage is what one active member costs in a month, as measured (the season) or modelled (the
// bench), plus what stays stored per member. Every line of the bill comes from here.
type Usage struct {
	// APIRequests pass through CloudFront, API Gateway and a Lambda invocation each.
	APIRequests float64
	// OtherInvocations are Lambda invocations outside the API (Cognito triggers, scheduled and
	// async jobs).
	OtherInvocations float64
	GBSeconds        float64
	RRU, WRU         float64
	// APIReplyBytes are the API's replies as sent (gzip where accepted), out of CloudFront.
	APIReplyBytes float64
	// PageLoads are the SPA's index.html loads (one a session) and AssetBytes/AssetRequests the
	// SPA's static files fetched cold (a new version, a cleared cache).
	PageLoads, PageBytes      float64
	AssetBytes, AssetRequests float64
	PhotoPuts, PhotoBytesIn   float64 // uploads (presigned PUTs to S3)
	PhotoGets, PhotoBytesOut  float64 // photos served through CloudFront
	PhotoChecks               float64 // the functions' ranged GETs of an uploaded photo
	LogBytes                  float64 // CloudWatch Logs ingested (functions' lines + Lambda's own)
	SecretReads               float64 // Secrets Manager GetSecretValue (one per cold start and secret)
	ActiveShare               float64 // active members / all members, in a month
	StoredPhotoBytesPerMember float64 // S3, per member (active or not), after a year
	StoredTableBytesPerMember float64 // DynamoDB table + indexes, per member, after a year
	StoredLogBytesPerMember   float64 // CloudWatch Logs kept (retention), per member
}

// Bill is a month's cost of a community of Members members, per line.
type Bill struct {
	Members, Active float64
	Lines           []BillLine
}

// BillLine is one service's cost in a month.
type BillLine struct {
	Service string
	Cost    float64
	Detail  string
}

// Total sums the bill.
func (b Bill) Total() float64 {
	t := 0.0
	for _, l := range b.Lines {
		t += l.Cost
	}
	return t
}

// PerThousandActive is the bill per 1,000 active members.
func (b Bill) PerThousandActive() float64 { return b.Total() / b.Active * 1000 }

// Fixed monthly costs that do not scale with members: the two secrets (cursor, origin).
const secretsKept = 2

// Price is the monthly bill of a community of members members with u per active member, at
// Cognito tier (free tier applied or not), without the free tiers of the other services (a
// bill for a community past its first year).
func (p PriceTable) Price(u Usage, members float64, tier string, cognitoFreeTier bool) Bill {
	active := members * u.ActiveShare
	b := Bill{Members: members, Active: active}
	add := func(service string, cost float64, format string, args ...any) {
		b.Lines = append(b.Lines, BillLine{Service: service, Cost: cost, Detail: fmt.Sprintf(format, args...)})
	}
	inv := active * (u.APIRequests + u.OtherInvocations)
	gbs := active * u.GBSeconds
	add("Lambda", inv/1e6*p.LambdaRequestPerM+gbs*p.LambdaArmPerGBs, "%.2f M invocations, %.0f GB-s (arm64)", inv/1e6, gbs)
	api := active * u.APIRequests
	add("API Gateway", api/1e6*p.HTTPAPIPerM, "%.2f M HTTP API requests", api/1e6)
	rru, wru := active*u.RRU, active*u.WRU
	tableGB := members * u.StoredTableBytesPerMember / 1e9
	add("DynamoDB", rru/1e6*p.DynamoRRUPerM+wru/1e6*p.DynamoWRUPerM+tableGB*(p.DynamoGBMonth+p.DynamoPITRGBMonth),
		"%.2f M RRU, %.2f M WRU, %.2f GB stored with PITR", rru/1e6, wru/1e6, tableGB)
	photosGB := members * u.StoredPhotoBytesPerMember / 1e9
	s3Puts, s3Gets := active*u.PhotoPuts, active*(u.PhotoChecks+u.PhotoGets)
	add("S3", photosGB*p.S3GBMonth+s3Puts/1e3*p.S3PutPerK+s3Gets/1e3*p.S3GetPerK,
		"%.2f GB of photos, %.0f PUT, %.0f GET (checks; CloudFront misses counted as every view)", photosGB, s3Puts, s3Gets)
	cfBytes := active * (u.APIReplyBytes + u.PageBytes + u.AssetBytes + u.PhotoBytesOut)
	cfReq := active * (u.APIRequests + u.PageLoads + u.AssetRequests + u.PhotoGets)
	add("CloudFront", cfBytes/1e9*p.CloudFrontPerGB+cfReq/1e4*p.CloudFrontHTTPSPer10K,
		"%.2f GB out (photos %.2f GB), %.2f M requests", cfBytes/1e9, active*u.PhotoBytesOut/1e9, cfReq/1e6)
	logGB := active * u.LogBytes / 1e9
	keptGB := members * u.StoredLogBytesPerMember / 1e9
	add("CloudWatch Logs", logGB*p.LogsIngestPerGB+keptGB*p.LogsStoreGBMonth, "%.3f GB ingested, %.3f GB kept", logGB, keptGB)
	cog := p.Cognito(tier, active, cognitoFreeTier)
	free := "without"
	if cognitoFreeTier {
		free = "with"
	}
	add("Cognito", cog, "%.0f MAU at %s, %s its free tier", active, tier, free)
	sec := active * u.SecretReads
	add("Secrets Manager", secretsKept*p.SecretMonth+sec/1e4*p.SecretCallsPer10K, "%d secrets, %.0f reads", secretsKept, sec)
	return b
}

// PrintBills writes the cost per 1,000 active members at each community size, with and without
// Cognito's free tier, and the bill's lines at the size named by detailAt.
func (p PriceTable) PrintBills(w io.Writer, u Usage, tier string, sizes []float64, detailAt float64, target float64) {
	fmt.Fprintf(w, "  prices: %s, list prices as of %s (tools/meter/prices.go); Cognito tier %s\n", p.Region, p.AsOf, tier)
	fmt.Fprintf(w, "  %-10s %-10s %-26s %-26s %s\n", "members", "active", "per 1,000 active", "without Cognito's free tier", "target")
	for _, n := range sizes {
		without := p.Price(u, n, tier, false)
		with := p.Price(u, n, tier, true)
		// The target is compared with the bill a team pays: Cognito's free tier is permanent
		// (10,000 MAU a month), the column without it shows what it hides.
		mark := "met"
		if with.PerThousandActive() > target {
			mark = "ABOVE"
		}
		fmt.Fprintf(w, "  %-10.0f %-10.0f US$ %-22.2f US$ %-22.2f US$ %.2f %s\n", n, with.Active, with.PerThousandActive(), without.PerThousandActive(), target, mark)
	}
	b := p.Price(u, detailAt, tier, true)
	fmt.Fprintf(w, "  the bill at %.0f members (%.0f active), per month and per 1,000 active members (Cognito's free tier applied):\n", detailAt, b.Active)
	for _, l := range b.Lines {
		fmt.Fprintf(w, "    %-16s US$ %9.2f   US$ %6.3f   %s\n", l.Service, l.Cost, l.Cost/b.Active*1000, l.Detail)
	}
	fmt.Fprintf(w, "    %-16s US$ %9.2f   US$ %6.3f\n", "total", b.Total(), b.PerThousandActive())
}

// Round2 rounds to cents.
func Round2(x float64) float64 { return math.Round(x*100) / 100 }
