package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/verde-app/verde/shared/awsenv"
)

// secretsAPI reads a secret with Secrets Manager's GetSecretValue, one signed HTTPS request of
// its JSON protocol (awsenv.Send). The
// SDK's secretsmanager client would add its package tables to every API function's start
// (about 0.7 million instructions) for this one call, made once per container.
type secretsAPI struct {
	cfg      aws.Config
	endpoint string
	http     *http.Client
}

func newSecretsAPI(cfg aws.Config) *secretsAPI {
	endpoint := awsenv.Endpoint("SECRETS_MANAGER")
	if endpoint == "" {
		endpoint = "https://secretsmanager." + cfg.Region + ".amazonaws.com"
	}
	return &secretsAPI{cfg: cfg, endpoint: strings.TrimSuffix(endpoint, "/") + "/", http: &http.Client{Timeout: 5 * time.Second}}
}

func (s *secretsAPI) GetSecretValue(ctx context.Context, id string) (string, error) {
	body, _ := json.Marshal(map[string]string{"SecretId": id})
	rep, err := awsenv.Send(ctx, s.cfg, s.http, awsenv.Call{
		Method: http.MethodPost, URL: s.endpoint, Body: body, Service: "secretsmanager",
		Header: http.Header{"Content-Type": {"application/x-amz-json-1.1"}, "X-Amz-Target": {"secretsmanager.GetSecretValue"}},
	})
	if err != nil {
		return "", fmt.Errorf("GetSecretValue %s: %w", id, err)
	}
	var out struct {
		SecretString string `json:"SecretString"`
		Type         string `json:"__type"`
		Message      string `json:"message"`
		MessageCap   string `json:"Message"`
	}
	json.Unmarshal(rep.Body, &out)
	if rep.Status != http.StatusOK {
		return "", fmt.Errorf("GetSecretValue %s: %d %s %s", id, rep.Status, out.Type, out.Message+out.MessageCap)
	}
	return out.SecretString, nil
}
