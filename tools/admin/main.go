// Command admin makes a member a site admin (`make admin EMAIL=… [ENV=dev|prod]`): the first
// admin of a new stack, or any later one without the /admin screens. The member must have signed
// up (e-mail or Google). It finds the member in the user pool by e-mail, adds their username to
// the Cognito group admin (what their next token shows) and records the change in the admin audit
// log, as /admin/usuarios does.
//
// Without -env it acts on a running `make dev` (the local cloud on -port: its Cognito proxy, its
// DynamoDB Local, the pool in .local/state.json). With -env it acts on a deployed stack: the
// Makefile passes the pool and table from the stack's outputs (tools/deploy_check.py --output),
// with the AWS credentials of the shell.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"

	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/store"
)

func main() {
	email := flag.String("email", "", "the member's sign-in e-mail")
	env := flag.String("env", "", "a deployed stack's environment (dev, prod); empty: the local cloud")
	pool := flag.String("pool", "", "with -env: the stack's UserPoolId output")
	table := flag.String("table", "", "with -env: the stack's TableName output")
	region := flag.String("region", "", "with -env: the stack's region")
	port := flag.Int("port", 8080, "without -env: the port make dev runs on")
	flag.Parse()
	if err := run(context.Background(), *email, *env, *pool, *table, *region, *port); err != nil {
		fmt.Fprintln(os.Stderr, "make admin:", err)
		os.Exit(1)
	}
}

type target struct {
	cognito *cip.Client
	store   *store.Store
	pool    string
	where   string
}

func run(ctx context.Context, email, env, pool, table, region string, port int) error {
	email = strings.TrimSpace(email)
	if !strings.Contains(email, "@") {
		return fmt.Errorf("EMAIL=%q is not an e-mail address", email)
	}
	var t target
	var err error
	if env == "" {
		t, err = local(ctx, port)
	} else {
		t, err = deployed(ctx, env, pool, table, region)
	}
	if err != nil {
		return err
	}
	return grant(ctx, t, email)
}

// local is the running local cloud: the functions' own endpoints.
func local(ctx context.Context, port int) (target, error) {
	raw, err := os.ReadFile(filepath.Join(".local", "state.json"))
	if err != nil {
		return target{}, fmt.Errorf("no local cloud here (.local/state.json): start it with make dev first: %w", err)
	}
	var st struct {
		UserPoolID string `json:"userPoolId"`
	}
	if err := json.Unmarshal(raw, &st); err != nil || st.UserPoolID == "" {
		return target{}, errors.New(".local/state.json has no user pool: start make dev first")
	}
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion("local"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("local", "local", "")))
	if err != nil {
		return target{}, err
	}
	site := "http://localhost:" + strconv.Itoa(port)
	idp := cip.NewFromConfig(cfg, func(o *cip.Options) { o.BaseEndpoint = aws.String(site + "/cognito/") })
	cfg.BaseEndpoint = aws.String("http://localhost:" + strconv.Itoa(port+1)) // DynamoDB Local
	return target{cognito: idp, store: store.New(cfg, "verde-local"), pool: st.UserPoolID, where: "the local cloud at " + site}, nil
}

func deployed(ctx context.Context, env, pool, table, region string) (target, error) {
	if pool == "" || table == "" || region == "" {
		return target{}, errors.New("-env needs -pool, -table and -region (make admin ENV=… passes them from the stack)")
	}
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(region))
	if err != nil {
		return target{}, err
	}
	return target{cognito: cip.NewFromConfig(cfg), store: store.New(cfg, table), pool: pool, where: "the stack of ENV=" + env}, nil
}

// grant makes the member with email an admin.
func grant(ctx context.Context, t target, email string) error {
	out, err := t.cognito.ListUsers(ctx, &cip.ListUsersInput{
		UserPoolId: aws.String(t.pool), Filter: aws.String(`email = "` + strings.ReplaceAll(email, `"`, ``) + `"`), Limit: aws.Int32(10),
	})
	if err != nil {
		return fmt.Errorf("find %s in %s: %w", email, t.where, err)
	}
	if len(out.Users) == 0 {
		return fmt.Errorf("nobody signed up with %s in %s: the member signs up first (e-mail or Google), then run this again", email, t.where)
	}
	// A Google member linked to a password account shows once; a Google-only member is google_<id>.
	u := out.Users[0]
	username, sub := aws.ToString(u.Username), ""
	for _, a := range u.Attributes {
		if aws.ToString(a.Name) == "sub" {
			sub = aws.ToString(a.Value)
		}
	}
	groups, err := t.cognito.AdminListGroupsForUser(ctx, &cip.AdminListGroupsForUserInput{UserPoolId: aws.String(t.pool), Username: aws.String(username)})
	if err != nil {
		return err
	}
	inGroup := false
	for _, g := range groups.Groups {
		inGroup = inGroup || aws.ToString(g.GroupName) == auth.AdminGroup
	}
	if !inGroup {
		if _, err := t.cognito.AdminAddUserToGroup(ctx, &cip.AdminAddUserToGroupInput{
			UserPoolId: aws.String(t.pool), Username: aws.String(username), GroupName: aws.String(auth.AdminGroup),
		}); err != nil {
			var nf *types.ResourceNotFoundException
			if errors.As(err, &nf) {
				return fmt.Errorf("the pool has no group %q: deploy the stack (template.yaml AdminGroup) first", auth.AdminGroup)
			}
			return err
		}
	}
	// The admin role's record is the table's access list (the API reads it, not the token's
	// group); a grant writes its audit entry, by make-admin; an admin already is left as is.
	was, err := t.store.SetAdmin(ctx, sub, true, store.Actor{ID: "make-admin"})
	if err != nil {
		return fmt.Errorf("%s is in the admin group, but the role's record failed: %w", email, err)
	}
	if was && inGroup {
		fmt.Printf("%s is already an admin in %s\n", email, t.where)
		return nil
	}
	fmt.Printf("%s (user %s) is an admin in %s: they sign out and in again to see /admin\n", email, username, t.where)
	return nil
}
