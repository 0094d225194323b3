package meter

// PriceTable is every price the cost model uses, in US dollars, on-demand list prices for one
// region. `make season` and `make bench` print it with its region and date; nothing else prices
// anything.
type PriceTable struct {
	Region string
	// AsOf is when these prices were read from the AWS pricing pages (check them again before
	// relying on a total: AWS changes prices, and a few here are the author's reading of a
	// regional table).
	AsOf string

	LambdaRequestPerM     float64 // per million invocations
	LambdaArmPerGBs       float64 // arm64 duration, per GB-second
	HTTPAPIPerM           float64 // API Gateway HTTP API, per million requests (first 300 M)
	DynamoWRUPerM         float64 // on-demand, per million write request units
	DynamoRRUPerM         float64 // on-demand, per million read request units
	DynamoGBMonth         float64 // table storage (indexes included), per GB-month
	DynamoPITRGBMonth     float64 // point-in-time recovery, per GB-month of table
	S3GBMonth             float64 // S3 Standard storage, per GB-month
	S3PutPerK             float64 // PUT, COPY, POST, LIST per 1,000
	S3GetPerK             float64 // GET and others per 1,000
	CloudFrontPerGB       float64 // data out to the internet, South America, first 10 TB
	CloudFrontHTTPSPer10K float64 // HTTPS requests, South America, per 10,000
	LogsIngestPerGB       float64 // CloudWatch Logs ingestion (standard class), per GB
	LogsStoreGBMonth      float64 // CloudWatch Logs storage, per GB-month (compressed; we count raw)
	SecretMonth           float64 // Secrets Manager, per secret per month
	SecretCallsPer10K     float64 // Secrets Manager API calls, per 10,000

	// Cognito user pools, per monthly active user, by tier (the same in every region). Lite and
	// Essentials give the first 10,000 MAU free each month; Plus has no free tier.
	CognitoFreeMAU       float64
	CognitoLitePerMAU    []MAUTier
	CognitoEssentialsMAU float64 // per MAU past the free tier
	CognitoPlusMAU       float64
}

// MAUTier is one band of a tiered per-MAU price: MAU up to UpTo (0: no limit) cost PerMAU each.
type MAUTier struct {
	UpTo   float64
	PerMAU float64
}

// Prices is the table every figure uses: sa-east-1 (São Paulo), as read on the date in AsOf.
var Prices = PriceTable{
	Region: "sa-east-1 (São Paulo)",
	AsOf:   "2026-11-25",

	LambdaRequestPerM:     0.20,
	LambdaArmPerGBs:       0.0000133334,
	HTTPAPIPerM:           1.90,
	DynamoWRUPerM:         0.9375,
	DynamoRRUPerM:         0.1875,
	DynamoGBMonth:         0.375,
	DynamoPITRGBMonth:     0.30,
	S3GBMonth:             0.0405,
	S3PutPerK:             0.007,
	S3GetPerK:             0.00056,
	CloudFrontPerGB:       0.110,
	CloudFrontHTTPSPer10K: 0.0220,
	LogsIngestPerGB:       0.90,
	LogsStoreGBMonth:      0.045,
	SecretMonth:           0.40,
	SecretCallsPer10K:     0.05,

	CognitoFreeMAU: 10_000,
	// Lite: 10,001–100,000 MAU at 0.0055, the next 900,000 at 0.0046, the next 9 M at 0.00325,
	// past 10 M at 0.0025.
	CognitoLitePerMAU:    []MAUTier{{UpTo: 100_000, PerMAU: 0.0055}, {UpTo: 1_000_000, PerMAU: 0.0046}, {UpTo: 10_000_000, PerMAU: 0.00325}, {PerMAU: 0.0025}},
	CognitoEssentialsMAU: 0.015,
	CognitoPlusMAU:       0.020,
}

// Cognito is the monthly bill of mau monthly active users at tier ("LITE", "ESSENTIALS" or
// "PLUS"), with or without the free tier.
func (p PriceTable) Cognito(tier string, mau float64, freeTier bool) float64 {
	free := 0.0
	if freeTier && tier != "PLUS" {
		free = p.CognitoFreeMAU
	}
	switch tier {
	case "PLUS":
		return mau * p.CognitoPlusMAU
	case "ESSENTIALS":
		return max(0, mau-free) * p.CognitoEssentialsMAU
	}
	// Lite: bands count from the first MAU; the free tier takes the first 10,000 of the first
	// band, which is priced from 0 when there is no free tier.
	total, from := 0.0, 0.0
	for _, t := range p.CognitoLitePerMAU {
		to := t.UpTo
		if to == 0 {
			to = mau
		}
		lo, hi := max(from, free), min(mau, to)
		if hi > lo {
			total += (hi - lo) * t.PerMAU
		}
		from = to
		if from >= mau {
			break
		}
	}
	return total
}
