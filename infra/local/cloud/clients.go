package cloud

import (
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// awsConfig is an SDK configuration for the emulators: dummy credentials, fixed region, short
// timeouts, whatever the developer's ~/.aws says.
func awsConfig() aws.Config {
	return aws.Config{
		Region:      Region,
		Credentials: credentials.NewStaticCredentialsProvider("local", "local", ""),
		HTTPClient:  &http.Client{Timeout: 30 * time.Second},
	}
}

// DynamoDB returns a client of the cloud's DynamoDB Local.
func (c *Cloud) DynamoDB() *dynamodb.Client {
	return dynamodb.NewFromConfig(awsConfig(), func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(c.DynamoEndpoint) })
}

// Cognito returns a client of the cloud's cognito-local (plain HTTP, not the TLS proxy).
func (c *Cloud) Cognito() *cognitoidentityprovider.Client {
	return cognitoidentityprovider.NewFromConfig(awsConfig(), func(o *cognitoidentityprovider.Options) {
		o.BaseEndpoint = aws.String(c.CognitoEndpoint)
	})
}

// S3 returns a client of the cloud's uploads store (path-style addressing).
func (c *Cloud) S3() *s3.Client {
	return s3.NewFromConfig(awsConfig(), func(o *s3.Options) {
		o.BaseEndpoint = aws.String(c.S3Endpoint)
		o.UsePathStyle = true
	})
}

// CognitoAsSite is a Cognito client that goes where the SPA's Amplify goes: the product port's
// /cognito/ proxy, which adds what cognito-local lacks (it prints verification codes, emulates
// AdminLinkProviderForUser).
func (c *Cloud) CognitoAsSite() *cognitoidentityprovider.Client {
	return cognitoidentityprovider.NewFromConfig(awsConfig(), func(o *cognitoidentityprovider.Options) {
		o.BaseEndpoint = aws.String(c.URL + CognitoPathPrefix)
	})
}
