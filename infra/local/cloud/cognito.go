package cloud

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
)

// cognitoLocalConfig is cognito-local's .cognito/config.json, rewritten at every start because
// the ports it names may change between starts.
type cognitoLocalConfig struct {
	LambdaClient struct {
		Endpoint    string `json:"endpoint"`
		Region      string `json:"region"`
		Credentials struct {
			AccessKeyID     string `json:"accessKeyId"`
			SecretAccessKey string `json:"secretAccessKey"`
		} `json:"credentials"`
	} `json:"LambdaClient"`
	// TriggerFunctions maps a Cognito trigger (PreSignUp, PostConfirmation …) to the function
	// name cognito-local passes to the Lambda Invoke API: the template's LogicalId.
	TriggerFunctions map[string]string `json:"TriggerFunctions"`
	UserPoolDefaults struct {
		UsernameAttributes []string `json:"UsernameAttributes"`
	} `json:"UserPoolDefaults"`
	TokenConfig struct {
		// IssuerDomain + "/" + pool id is the tokens' iss claim.
		IssuerDomain string `json:"IssuerDomain"`
	} `json:"TokenConfig"`
	ServerConfig struct {
		Port     int    `json:"port"`
		Hostname string `json:"hostname"`
	} `json:"ServerConfig"`
}

func writeCognitoConfig(dir string, port int, lambdaEndpoint string, triggers map[string]string) error {
	var cfg cognitoLocalConfig
	cfg.LambdaClient.Endpoint = lambdaEndpoint
	cfg.LambdaClient.Region = "local"
	cfg.LambdaClient.Credentials.AccessKeyID = "local"
	cfg.LambdaClient.Credentials.SecretAccessKey = "local"
	cfg.TriggerFunctions = triggers
	if cfg.TriggerFunctions == nil {
		cfg.TriggerFunctions = map[string]string{}
	}
	cfg.UserPoolDefaults.UsernameAttributes = []string{"email"}
	cfg.TokenConfig.IssuerDomain = fmt.Sprintf("http://localhost:%d", port)
	cfg.ServerConfig.Port = port
	cfg.ServerConfig.Hostname = "127.0.0.1"
	b, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, ".cognito"), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ".cognito", "config.json"), b, 0o644)
}

// startCognito runs cognito-local with DataDir/cognito as its working directory (it keeps its
// data in ./.cognito there).
func startCognito(ctx context.Context, node, root, dataDir string, port int, lambdaEndpoint string, triggers map[string]string) (*child, error) {
	dir := filepath.Join(dataDir, "cognito")
	if err := writeCognitoConfig(dir, port, lambdaEndpoint, triggers); err != nil {
		return nil, err
	}
	script := filepath.Join(nodeModules(root), "cognito-local", "lib", "bin", "start.js")
	if _, err := os.Stat(script); err != nil {
		return nil, fmt.Errorf("cognito-local not found under infra/local/node_modules: run `npm ci --prefix infra/local`")
	}
	env := append(os.Environ(), "PORT="+strconv.Itoa(port), "HOST=127.0.0.1", "NO_COLOR=1")
	c, err := startChild("cognito-local", dir, filepath.Join(dataDir, "logs", "cognito.log"), env, node, script)
	if err != nil {
		return nil, err
	}
	return readyOnGET(ctx, c, fmt.Sprintf("http://127.0.0.1:%d/health", port), http.StatusOK)
}
