package areas_test

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The user pool's tier is chosen on purpose: LITE, unless the pool uses a feature only
// Essentials (or Plus) has, and then the tier must say so (CloudFormation would refuse the
// feature on a Lite pool at deploy time; this fails first, with the reason).
func TestUserPoolTierIsLiteUnlessAnEssentialsFeatureIsUsed(t *testing.T) {
	root := readYAML(t, templatePath)
	var pools []*yaml.Node
	var names []string
	each(get(root, "Resources"), func(id string, r *yaml.Node) {
		if v := get(r, "Type"); v != nil && v.Value == "AWS::Cognito::UserPool" {
			pools = append(pools, r)
			names = append(names, id)
		}
	})
	if len(pools) == 0 {
		t.Fatal("template.yaml has no AWS::Cognito::UserPool")
	}
	domains := map[string]string{}
	each(get(root, "Resources"), func(id string, r *yaml.Node) {
		if v := get(r, "Type"); v != nil && v.Value == "AWS::Cognito::UserPoolDomain" {
			if mv := get(get(r, "Properties"), "ManagedLoginVersion"); mv != nil {
				domains[id] = mv.Value
			}
		}
	})
	for i, pool := range pools {
		props := get(pool, "Properties")
		tier := get(props, "UserPoolTier")
		if tier == nil {
			t.Errorf("%s: no UserPoolTier (Cognito makes it ESSENTIALS: US$ 0.015 per MAU instead of Lite's 0.0055); set it on purpose", names[i])
			continue
		}
		var essentials []string
		if h := get(get(props, "Policies"), "PasswordPolicy"); get(h, "PasswordHistorySize") != nil {
			essentials = append(essentials, "PasswordPolicy.PasswordHistorySize")
		}
		if get(props, "WebAuthnRelyingPartyID") != nil || get(props, "WebAuthnUserVerification") != nil {
			essentials = append(essentials, "passkeys (WebAuthn)")
		}
		if get(props, "EmailMfaConfiguration") != nil {
			essentials = append(essentials, "EmailMfaConfiguration")
		}
		if factors := get(get(get(props, "Policies"), "SignInPolicy"), "AllowedFirstAuthFactors"); factors != nil {
			for _, f := range factors.Content {
				if f.Value != "PASSWORD" {
					essentials = append(essentials, "sign-in factor "+f.Value)
				}
			}
		}
		if ptg := get(get(props, "LambdaConfig"), "PreTokenGenerationConfig"); ptg != nil {
			if v := get(ptg, "LambdaVersion"); v != nil && v.Value != "V1_0" {
				essentials = append(essentials, "pre token generation "+v.Value)
			}
		}
		if get(get(props, "UserPoolAddOns"), "AdvancedSecurityMode") != nil {
			essentials = append(essentials, "UserPoolAddOns (threat protection: Plus)")
		}
		for id, v := range domains {
			if v == "2" {
				essentials = append(essentials, id+": ManagedLoginVersion 2 (managed login)")
			}
		}
		switch strings.ToUpper(tier.Value) {
		case "LITE":
			if len(essentials) > 0 {
				t.Errorf("%s is LITE but uses %s: Essentials features (raise the tier and price it in tools/meter)", names[i], strings.Join(essentials, ", "))
			}
		case "ESSENTIALS", "PLUS":
			if len(essentials) == 0 {
				t.Errorf("%s is %s but uses no feature Lite lacks: LITE costs 0.0055 per MAU instead of 0.015", names[i], tier.Value)
			}
		default:
			t.Errorf("%s: UserPoolTier %q is not LITE, ESSENTIALS or PLUS", names[i], tier.Value)
		}
	}
}
