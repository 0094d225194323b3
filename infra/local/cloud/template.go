package cloud

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Route is one HttpApi event of a function in template.yaml.
type Route struct {
	Method     string // upper case, or "ANY"
	Path       string // e.g. /api/groups/{groupId}
	FunctionID string // the function's LogicalId
}

// RouteKey is API Gateway's name of the route, e.g. "GET /api/me".
func (r Route) RouteKey() string { return r.Method + " " + r.Path }

// Template is what the local cloud needs from the SAM template.
type Template struct {
	Routes []Route
	// Triggers maps a Cognito trigger (PreSignUp, PostConfirmation …) to a function LogicalId.
	Triggers map[string]string
}

// ParseTemplate reads the SAM template at path. It works on yaml.v3 nodes, so CloudFormation's
// short tags (!Ref, !Sub, !GetAtt …) parse as tagged nodes instead of failing.
func ParseTemplate(path string) (Template, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Template{}, err
	}
	return parseTemplate(b)
}

func parseTemplate(b []byte) (Template, error) {
	t := Template{Triggers: map[string]string{}}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return t, fmt.Errorf("template: %w", err)
	}
	if len(doc.Content) == 0 {
		return t, fmt.Errorf("template: empty document")
	}
	resources := mapGet(doc.Content[0], "Resources")
	if resources == nil {
		return t, fmt.Errorf("template: no Resources")
	}
	for i := 0; i+1 < len(resources.Content); i += 2 {
		id, res := resources.Content[i].Value, resources.Content[i+1]
		switch scalar(mapGet(res, "Type")) {
		case "AWS::Serverless::Function":
			events := mapGet(mapGet(res, "Properties"), "Events")
			if events == nil {
				continue
			}
			for j := 0; j+1 < len(events.Content); j += 2 {
				ev := events.Content[j+1]
				props := mapGet(ev, "Properties")
				switch scalar(mapGet(ev, "Type")) {
				case "HttpApi":
					method := strings.ToUpper(scalar(mapGet(props, "Method")))
					path := scalar(mapGet(props, "Path"))
					if method == "" || method == "*" {
						method = "ANY"
					}
					if path == "" {
						path = "$default"
					}
					t.Routes = append(t.Routes, Route{Method: method, Path: path, FunctionID: id})
				case "Cognito":
					trig := mapGet(props, "Trigger")
					if trig != nil && trig.Kind == yaml.SequenceNode {
						for _, n := range trig.Content {
							t.Triggers[n.Value] = id
						}
					} else if s := scalar(trig); s != "" {
						t.Triggers[s] = id
					}
				}
			}
		case "AWS::Cognito::UserPool":
			lambdaConfig := mapGet(mapGet(res, "Properties"), "LambdaConfig")
			if lambdaConfig == nil || lambdaConfig.Kind != yaml.MappingNode {
				continue
			}
			for j := 0; j+1 < len(lambdaConfig.Content); j += 2 {
				if fn := functionRef(lambdaConfig.Content[j+1]); fn != "" {
					t.Triggers[lambdaConfig.Content[j].Value] = fn
				}
			}
		}
	}
	sort.SliceStable(t.Routes, func(i, j int) bool {
		if t.Routes[i].Path != t.Routes[j].Path {
			return t.Routes[i].Path < t.Routes[j].Path
		}
		return t.Routes[i].Method < t.Routes[j].Method
	})
	return t, nil
}

// functionRef finds the LogicalId in !GetAtt X.Arn, {"Fn::GetAtt": [X, Arn]} or !Ref X.
func functionRef(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	switch n.Tag {
	case "!GetAtt":
		if n.Kind == yaml.ScalarNode {
			return strings.TrimSuffix(n.Value, ".Arn")
		}
		if n.Kind == yaml.SequenceNode && len(n.Content) > 0 {
			return n.Content[0].Value
		}
	case "!Ref":
		return n.Value
	}
	if n.Kind == yaml.MappingNode {
		if v := mapGet(n, "Fn::GetAtt"); v != nil {
			if v.Kind == yaml.SequenceNode && len(v.Content) > 0 {
				return v.Content[0].Value
			}
			return strings.TrimSuffix(v.Value, ".Arn")
		}
		if v := mapGet(n, "Ref"); v != nil {
			return v.Value
		}
	}
	return ""
}

func mapGet(n *yaml.Node, key string) *yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// scalar returns a plain scalar's value; tagged values (!Ref …) cannot be resolved locally and
// count as absent.
func scalar(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode || strings.HasPrefix(n.Tag, "!") && !strings.HasPrefix(n.Tag, "!!") {
		return ""
	}
	return n.Value
}
