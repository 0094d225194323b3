// Command rankings is the RankingsFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/rankings"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.ServeArea(rankings.NewServer)
}
