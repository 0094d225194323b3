// Package views is the ViewsJobFunction: the work that keeps the reads the
// SPA makes flat, done off the request path. Other functions invoke it
// asynchronously (Start) to leave a group post's pointer with every member of
// its group, or to fill or empty a member's "Meus grupos" when they join or
// leave a group (store/feed_inbox.go); an EventBridge schedule runs it every
// 15 minutes to rebuild the rankings' snapshots (store/ranking_snapshot.go).
package views

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/invoke"
	"github.com/verde-app/verde/shared/store"
)

// The kinds of work, as the event's "kind" names them.
const (
	KindFanOut   = "feed-fanout" // PostID
	KindJoin     = "feed-join"   // GroupID, UserID
	KindLeave    = "feed-leave"  // GroupID, UserID
	KindRankings = "rankings"    // the schedule's
	// KindRankingsFull rebuilds the heavy snapshots too, whatever their age.
	KindRankingsFull = "rankings-full"
)

// Event is the job's payload.
type Event struct {
	Kind    string `json:"kind"`
	PostID  string `json:"postId,omitempty"`
	GroupID string `json:"groupId,omitempty"`
	UserID  string `json:"userId,omitempty"`
}

// Result is what a run did (the Lambda's answer, and its log line).
type Result struct {
	Kind     string `json:"kind"`
	Escritos int    `json:"escritos"`
}

// Run does ev's work with s.
func Run(ctx context.Context, s *store.Store, ev Event) (Result, error) {
	res := Result{Kind: ev.Kind}
	var err error
	switch ev.Kind {
	case KindFanOut:
		res.Escritos, err = s.FanOutPost(ctx, ev.PostID)
	case KindJoin:
		res.Escritos, err = s.FillGroupFeed(ctx, ev.GroupID, ev.UserID)
	case KindLeave:
		res.Escritos, err = s.WithdrawGroupFeed(ctx, ev.GroupID, ev.UserID)
	case KindRankings, "":
		res.Kind = KindRankings
		res.Escritos, err = s.RebuildRankings(ctx, false)
	case KindRankingsFull:
		res.Escritos, err = s.RebuildRankings(ctx, true)
	default:
		err = fmt.Errorf("views: unknown kind %q", ev.Kind)
	}
	return res, err
}

// Handler is the ViewsJobFunction's Lambda handler.
func Handler(d app.Deps) func(ctx context.Context, ev Event) (Result, error) {
	return func(ctx context.Context, ev Event) (Result, error) {
		res, err := Run(ctx, d.Store, ev)
		if err != nil {
			slog.Error("views", "kind", ev.Kind, "postId", ev.PostID, "groupId", ev.GroupID, "err", err)
			return res, err
		}
		slog.Info("views", "kind", res.Kind, "escritos", res.Escritos)
		return res, nil
	}
}

// Start asks the views job for ev's work (Lambda Invoke, InvocationType
// Event, VIEWS_JOB_FUNCTION); a variable so that tests run it in process. A
// failure is logged, never the request's: the act it follows is committed.
var Start = func(ctx context.Context, ev Event) error {
	return invoke.Async(ctx, "VIEWS_JOB_FUNCTION", ev)
}

// After starts ev's work after a committed act, logging a failure to start it.
func After(ctx context.Context, ev Event) {
	if err := Start(context.WithoutCancel(ctx), ev); err != nil {
		slog.Error("views job not started", "kind", ev.Kind, "postId", ev.PostID, "groupId", ev.GroupID, "userId", ev.UserID, "err", err)
	}
}

// Inline runs the work in the caller's process, for tests.
func Inline(s *store.Store) func(ctx context.Context, ev Event) error {
	return func(ctx context.Context, ev Event) error {
		_, err := Run(ctx, s, ev)
		return err
	}
}
