package photoproc

import (
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// S3FromEnv is the processor's S3 client, made from the Lambda environment alone: the region,
// the execution role's credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
// AWS_SESSION_TOKEN: what the SDK's default chain reads first in Lambda) and, locally, the
// emulator's endpoint (AWS_ENDPOINT_URL_S3, path-style). Without the SDK's config loader (SSO,
// shared files, IMDS, STS) the package stays small enough for the WebP encoder.
func S3FromEnv() *s3.Client {
	cfg := aws.Config{
		Region: os.Getenv("AWS_REGION"),
		Credentials: credentials.NewStaticCredentialsProvider(
			os.Getenv("AWS_ACCESS_KEY_ID"), os.Getenv("AWS_SECRET_ACCESS_KEY"), os.Getenv("AWS_SESSION_TOKEN")),
	}
	endpoint := os.Getenv("AWS_ENDPOINT_URL_S3")
	return s3.NewFromConfig(cfg, func(o *s3.Options) {
		// An upload is read whole and decoded: a corrupt one is refused by the decoder.
		o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
		o.DisableLogOutputChecksumValidationSkipped = true
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
			o.UsePathStyle = true
		}
	})
}
