package cloud

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
)

// The secrets a deployed stack keeps in Secrets Manager, by the names the local functions get
// in CURSOR_SECRET_ARN and ORIGIN_SECRET_ARN.
const (
	cursorSecretID = "verde-local/cursor-secret"
	originSecretID = "verde-local/origin-secret"
	emailSecretID  = "verde-local/email-link-secret"
)

// secretsManager answers the one Secrets Manager operation the functions call,
// GetSecretValue, for the local cloud's secrets: the functions read their secrets through the
// SDK exactly as in AWS (AWS_ENDPOINT_URL_SECRETS_MANAGER points here), with no AWS account.
type secretsManager struct {
	values map[string]string
	reads  atomic.Int64
}

const secretsManagerTarget = "secretsmanager.GetSecretValue"

// isSecretsManagerCall tells the product port's router that r is for the emulator.
func isSecretsManagerCall(r *http.Request) bool {
	return r.Method == http.MethodPost && r.URL.Path == "/" && strings.HasPrefix(r.Header.Get("X-Amz-Target"), "secretsmanager.")
}

func (s *secretsManager) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("X-Amz-Target") != secretsManagerTarget {
		amzJSONError(w, http.StatusBadRequest, "InvalidRequestException", "the local cloud emulates only GetSecretValue")
		return
	}
	var in struct {
		SecretID string `json:"SecretId"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&in); err != nil {
		amzJSONError(w, http.StatusBadRequest, "InvalidRequestException", "malformed request body")
		return
	}
	v, ok := s.values[in.SecretID]
	if !ok {
		amzJSONError(w, http.StatusBadRequest, "ResourceNotFoundException", "Secrets Manager can't find the specified secret.")
		return
	}
	s.reads.Add(1)
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	json.NewEncoder(w).Encode(map[string]any{
		"ARN": "arn:aws:secretsmanager:" + Region + ":000000000000:secret:" + in.SecretID, "Name": in.SecretID,
		"SecretString": v, "VersionId": "local", "VersionStages": []string{"AWSCURRENT"},
	})
}

func amzJSONError(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	w.Header().Set("X-Amzn-Errortype", code)
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"__type": code, "message": message})
}

// SecretReads is how many GetSecretValue calls the emulator answered (tests: a function reads
// each secret once per container).
func (c *Cloud) SecretReads() int64 {
	if c.secrets == nil {
		return 0
	}
	return c.secrets.reads.Load()
}
