package api

import (
	"net/http"
	"os"
	"slices"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/verde-app/verde/shared/domain"
)

// Every error code exists in domain, has its status here, and is in
// openapi.yaml's Error.code enum; the enum has no other.
func TestErrorCodesAgreeWithOpenAPI(t *testing.T) {
	b, err := os.ReadFile("openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas struct {
				Error struct {
					Properties struct {
						Error struct {
							Properties struct {
								Code struct {
									Enum []string `yaml:"enum"`
								} `yaml:"code"`
							} `yaml:"properties"`
						} `yaml:"error"`
					} `yaml:"properties"`
				} `yaml:"Error"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	enum := doc.Components.Schemas.Error.Properties.Error.Properties.Code.Enum
	var codes []string
	for _, c := range domain.Codes {
		codes = append(codes, string(c))
		if _, ok := statusByCode[c]; !ok {
			t.Errorf("%s has no HTTP status", c)
		}
	}
	slices.Sort(enum)
	slices.Sort(codes)
	if !slices.Equal(enum, codes) {
		t.Errorf("openapi.yaml Error.code enum %v, domain.Codes %v", enum, codes)
	}
	if StatusFor(domain.EUnavailable) != http.StatusServiceUnavailable || StatusFor(domain.EUnsupportedMediaType) != http.StatusUnsupportedMediaType {
		t.Error("unavailable is not 503 or unsupported_media_type is not 415")
	}
}
