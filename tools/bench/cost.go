package main

import (
	"fmt"
	"math"
)

// Prices: AWS list prices in USD for sa-east-1 (São Paulo), on-demand, without free tiers.
// Update them from the pricing pages (aws.amazon.com/lambda/pricing, /dynamodb/pricing,
// /api-gateway/pricing, /cloudfront/pricing) when they change; the bench prints them.
var prices = struct {
	LambdaRequestPerM  float64 // per million invocations
	LambdaArmPerGBs    float64 // arm64, per GB-second
	HTTPAPIPerM        float64 // API Gateway HTTP API, per million requests (first 300 M)
	DynamoWRUPerM      float64 // on-demand, per million write request units
	DynamoRRUPerM      float64 // on-demand, per million read request units
	CloudFrontPerGB    float64 // data out to the internet, South America, first 10 TB
	CloudFrontHTTPSPer float64 // per 10,000 HTTPS requests, South America
}{
	LambdaRequestPerM:  0.20,
	LambdaArmPerGBs:    0.0000133334,
	HTTPAPIPerM:        1.90,
	DynamoWRUPerM:      0.9375,
	DynamoRRUPerM:      0.1875,
	CloudFrontPerGB:    0.110,
	CloudFrontHTTPSPer: 0.0220,
}

// The usage profile: per active member and month, 30 sessions of 20 API requests, spread over
// the routes by weight (a route missing from the bench's figures drops out and the rest share
// its weight). Each session loads index.html; a member downloads the SPA's assets cold once a
// month (hashed assets are cached for a year; a deploy changes some of them).
const (
	members            = 1000
	sessionsPerMember  = 30
	requestsPerSession = 20
	memoryGB           = 0.25 // MemorySize 256 in template.yaml
	dynamoLatencyMs    = 6.0  // an in-region GetItem/Query round trip, added to the CPU for duration
	coldStartShare     = 0.02 // one invocation in 50 starts a container
	initInstrPerSec    = 0.5e9
	spaColdBytes       = 125_000 // /dashboard's JS + CSS + HTML, compressed
	indexBytes         = 1_500
	spaColdRequests    = 20
)

var routeWeights = map[string]float64{
	"GET /api/me":                                        18,
	"GET /api/notifications/unread-count":                30,
	"GET /api/me/groups":                                 10,
	"GET /api/groups/{groupId}":                          10,
	"GET /api/groups/{groupId}/lotes":                    10,
	"GET /api/groups/{groupId}/members":                  5,
	"GET /api/groups/{groupId}/lote-requests":            2,
	"GET /api/groups":                                    5,
	"PUT /api/me":                                        2,
	"POST /api/groups/{groupId}/lotes/{codigo}/requests": 3,
	"POST /api/groups/{groupId}/join":                    2,
	"GET /api/groups/{groupId}/public":                   3,
}

func printCost(routes []RouteFigure, inits map[string]int64) {
	byRoute := map[string]RouteFigure{}
	for _, r := range routes {
		byRoute[r.Method+" "+r.Route] = r
	}
	var total float64
	for k, w := range routeWeights {
		if _, ok := byRoute[k]; ok {
			total += w
		}
	}
	if total == 0 {
		fmt.Println("Cost: no route of the usage profile was measured")
		return
	}
	requests := float64(members * sessionsPerMember * requestsPerSession)
	var rru, wru, gbs, replyBytes float64
	for k, w := range routeWeights {
		r, ok := byRoute[k]
		if !ok {
			continue
		}
		n := requests * w / total
		rru += n * r.RCU
		wru += n * r.WCU
		ms := r.CPUMs + dynamoLatencyMs*float64(r.Calls)
		gbs += n * memoryGB * math.Ceil(ms) / 1000
		replyBytes += n * float64(r.GzipBytes)
	}
	var initSum float64
	for _, n := range inits {
		initSum += float64(n)
	}
	if len(inits) > 0 {
		initSec := initSum / float64(len(inits)) / initInstrPerSec
		gbs += requests * coldStartShare * memoryGB * initSec
	}
	sessions := float64(members * sessionsPerMember)
	cfBytes := replyBytes + sessions*indexBytes + members*spaColdBytes
	cfRequests := requests + sessions + members*spaColdRequests

	lambda := requests/1e6*prices.LambdaRequestPerM + gbs*prices.LambdaArmPerGBs
	gateway := requests / 1e6 * prices.HTTPAPIPerM
	dynamo := rru/1e6*prices.DynamoRRUPerM + wru/1e6*prices.DynamoWRUPerM
	cloudfront := cfBytes/1e9*prices.CloudFrontPerGB + cfRequests/1e4*prices.CloudFrontHTTPSPer

	fmt.Printf("Monthly cost per %d active members (sa-east-1 list prices in tools/bench/cost.go, no free tier)\n", members)
	fmt.Printf("  profile: %d sessions x %d API requests per member = %.0f requests; route mix and assumptions in tools/bench/cost.go\n",
		sessionsPerMember, requestsPerSession, requests)
	fmt.Printf("  Lambda       $%7.2f   (%.0f GB-s: CPU + %.0f ms per DynamoDB call, %.0f%% cold starts at the measured init)\n", lambda, gbs, dynamoLatencyMs, coldStartShare*100)
	fmt.Printf("  API Gateway  $%7.2f   (HTTP API)\n", gateway)
	fmt.Printf("  DynamoDB     $%7.2f   (%.2f M RRU, %.2f M WRU, on-demand)\n", dynamo, rru/1e6, wru/1e6)
	fmt.Printf("  CloudFront   $%7.2f   (%.2f GB out, %.2f M requests)\n", cloudfront, cfBytes/1e9, cfRequests/1e6)
	fmt.Printf("  total        $%7.2f   per month, $%.4f per member\n", lambda+gateway+dynamo+cloudfront, (lambda+gateway+dynamo+cloudfront)/members)
}
