package cloud

import (
	"fmt"
	"os"
	"sort"
	"strconv"
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
	// PasswordMinLength is the user pool's PasswordPolicy.MinimumLength, which the local
	// cloud's Cognito proxy enforces (cognito-local does not: cognito_policy.go).
	PasswordMinLength int
	// SecurityHeaders are the SPA's response headers as CloudFront's SecurityHeadersPolicy sets
	// them; the Content-Security-Policy keeps the template's ${…} placeholders
	// (LocalSecurityHeaders fills them with the local cloud's origins).
	SecurityHeaders map[string]string
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
		case "AWS::CloudFront::ResponseHeadersPolicy":
			if id == "SecurityHeadersPolicy" {
				t.SecurityHeaders = securityHeaders(mapGet(mapGet(mapGet(res, "Properties"), "ResponseHeadersPolicyConfig"), "SecurityHeadersConfig"))
			}
		case "AWS::Cognito::UserPool":
			if n, err := strconv.Atoi(scalar(mapGet(mapGet(mapGet(mapGet(res, "Properties"), "Policies"), "PasswordPolicy"), "MinimumLength"))); err == nil {
				t.PasswordMinLength = n
			}
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

// securityHeaders reads a ResponseHeadersPolicy's SecurityHeadersConfig as the headers CloudFront
// sends. The Content-Security-Policy is an !Join of "; " over plain strings and !Sub strings
// (a !Sub's first item when it has a map of its own).
func securityHeaders(cfg *yaml.Node) map[string]string {
	h := map[string]string{}
	if n := mapGet(cfg, "StrictTransportSecurity"); n != nil {
		v := "max-age=" + scalar(mapGet(n, "AccessControlMaxAgeSec"))
		if scalar(mapGet(n, "IncludeSubdomains")) == "true" {
			v += "; includeSubDomains"
		}
		if scalar(mapGet(n, "Preload")) == "true" {
			v += "; preload"
		}
		h["Strict-Transport-Security"] = v
	}
	if mapGet(cfg, "ContentTypeOptions") != nil {
		h["X-Content-Type-Options"] = "nosniff"
	}
	if v := scalar(mapGet(mapGet(cfg, "FrameOptions"), "FrameOption")); v != "" {
		h["X-Frame-Options"] = v
	}
	if v := scalar(mapGet(mapGet(cfg, "ReferrerPolicy"), "ReferrerPolicy")); v != "" {
		h["Referrer-Policy"] = v
	}
	csp := mapGet(mapGet(cfg, "ContentSecurityPolicy"), "ContentSecurityPolicy")
	if csp != nil && csp.Tag == "!Join" && csp.Kind == yaml.SequenceNode && len(csp.Content) == 2 {
		var parts []string
		for _, item := range csp.Content[1].Content {
			if item.Kind == yaml.SequenceNode && len(item.Content) > 0 { // !Sub [string, {vars}]
				item = item.Content[0]
			}
			parts = append(parts, item.Value)
		}
		h["Content-Security-Policy"] = strings.Join(parts, csp.Content[0].Value)
	}
	return h
}

// LocalSecurityHeaders are the template's security headers for the local site: the AWS origins
// the Content-Security-Policy names become the local cloud's (Cognito's API and the uploads
// bucket are on the site's own origin, the hosted UI on the Cognito TLS proxy).
func LocalSecurityHeaders(t Template, siteURL, hostedUI string) (map[string]string, error) {
	h := map[string]string{}
	for k, v := range t.SecurityHeaders {
		h[k] = v
	}
	csp, ok := h["Content-Security-Policy"]
	if !ok {
		return h, nil
	}
	csp = strings.NewReplacer(
		"https://cognito-idp.${AWS::Region}.amazonaws.com", siteURL,
		"https://${HostedUi}", hostedUI,
		"https://${UploadsBucket.RegionalDomainName}", siteURL,
	).Replace(csp)
	if i := strings.Index(csp, "${"); i >= 0 {
		return nil, fmt.Errorf("template: the Content-Security-Policy names %s, which the local cloud does not know", csp[i:min(len(csp), i+40)])
	}
	h["Content-Security-Policy"] = csp
	return h, nil
}
