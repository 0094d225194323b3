// Command feed is the FeedFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/feed"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.ServeArea(feed.NewServer)
}
