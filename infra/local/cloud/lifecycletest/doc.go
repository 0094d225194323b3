// Package lifecycletest tests starting, stopping and restarting the local cloud. It is its own
// package because those tests start clouds one after another, and a test binary runs one cloud
// at a time.
package lifecycletest
