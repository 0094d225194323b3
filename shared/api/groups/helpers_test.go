package groups_test

import "github.com/verde-app/verde/shared/api/groups"

func routesOf(w *world) []string {
	var out []string
	for _, r := range groups.Routes(w.env.Deps) {
		out = append(out, r.Method+" "+r.Path)
	}
	return out
}
