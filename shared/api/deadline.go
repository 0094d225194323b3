package api

import "time"

// RequestDeadline bounds a whole request: every DynamoDB and AWS call of it
// runs under this context deadline, so the answer (a 503 at worst) leaves
// well before the functions' 10 s timeout (template.yaml Globals), however
// many calls the request makes.
const RequestDeadline = 8 * time.Second
