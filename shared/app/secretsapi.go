package app

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"

	"github.com/verde-app/verde/shared/awsenv"
)

// secretsAPI reads a secret with Secrets Manager's GetSecretValue, one signed HTTPS request of
// its JSON protocol (SigV4 from the SDK's core, which every function links for DynamoDB). The
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
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.endpoint, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.1")
	req.Header.Set("X-Amz-Target", "secretsmanager.GetSecretValue")
	if s.cfg.Credentials == nil {
		return "", fmt.Errorf("no AWS credentials in the environment (AWS_ACCESS_KEY_ID)")
	}
	creds, err := s.cfg.Credentials.Retrieve(ctx)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(body)
	if err := v4.NewSigner().SignHTTP(ctx, creds, req, hex.EncodeToString(sum[:]), "secretsmanager", s.cfg.Region, time.Now()); err != nil {
		return "", err
	}
	res, err := s.http.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return "", err
	}
	var out struct {
		SecretString string `json:"SecretString"`
		Type         string `json:"__type"`
		Message      string `json:"message"`
		MessageCap   string `json:"Message"`
	}
	json.Unmarshal(raw, &out)
	if res.StatusCode != http.StatusOK {
		msg := out.Message + out.MessageCap
		return "", fmt.Errorf("GetSecretValue %s: %d %s %s", id, res.StatusCode, out.Type, msg)
	}
	return out.SecretString, nil
}
