package store_test

import (
	"testing"

	"github.com/verde-app/verde/infra/local/testcloud"
)

// The store's tests run against DynamoDB Local alone (testcloud.RunDynamo).
func TestMain(m *testing.M) { testcloud.RunDynamo(m) }
