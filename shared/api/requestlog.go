package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/verde-app/verde/shared/obs"
)

// LogRequests writes one JSON line per request (shared/obs): API Gateway's
// request id, method, route (the mux pattern, not the raw path, so ids stay
// out), status, latency, the DynamoDB operations it made and a hash of the
// caller. It wraps the mux itself, the innermost middleware, so the request
// it passes on is the one whose Pattern the mux sets.
func LogRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ctx, info := obs.WithRequest(r.Context())
		r = r.WithContext(ctx)
		rec := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		level := slog.LevelInfo
		if rec.status >= 500 {
			level = slog.LevelError
		}
		route := r.Pattern
		if route == "" || route == "/" {
			route = "unknown"
		}
		slog.Log(ctx, level, "request",
			"requestId", RequestIDFrom(ctx),
			"method", r.Method,
			"route", route,
			"status", rec.status,
			"latencyMs", time.Since(start).Milliseconds(),
			"dynamodbCalls", info.DynamoCalls(),
			"user", info.UserHash(),
		)
	})
}

type statusWriter struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
}

func (s *statusWriter) WriteHeader(code int) {
	if !s.wroteHeader {
		s.status, s.wroteHeader = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the writer underneath.
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }
