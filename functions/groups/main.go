// Command groups is the GroupsFunction Lambda.
package main

import (
	"github.com/verde-app/verde/shared/api/groups"
	"github.com/verde-app/verde/shared/lambdahttp"
)

func main() {
	lambdahttp.ServeArea(groups.NewServer)
}
