package me

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
)

// handleGetMe returns the caller's profile and creates it when absent: a
// Google sign-in (or a failed PostConfirmation) leaves a user with none.
func handleGetMe(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := auth.FromContext(r.Context())
		p, found, err := d.Store.Profile(r.Context(), c.Sub)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		if !found {
			attrs, err := d.Users.UserAttributes(r.Context(), c.Token)
			if err != nil {
				api.WriteError(w, r, fmt.Errorf("read cognito attributes: %w", err))
				return
			}
			p, _, err = d.Store.CreateProfile(r.Context(), domain.NewProfile(c.Sub, displayName(attrs), attrs.Email, photo(attrs), d.Now()))
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
		}
		api.Encode(w, http.StatusOK, p)
	})
}

func handlePutMe(d app.Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := auth.FromContext(r.Context())
		upd, err := api.Decode[domain.ProfileUpdate](r)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		p, err := d.Store.UpdateProfile(r.Context(), c.Sub, upd)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.Encode(w, http.StatusOK, p)
	})
}

// displayName falls back to the e-mail's local part when Cognito has no name.
func displayName(a auth.UserAttributes) string {
	if n := domain.CleanText(a.Name); n != "" {
		return n
	}
	local, _, _ := strings.Cut(a.Email, "@")
	return local
}

func photo(a auth.UserAttributes) *string {
	if strings.HasPrefix(a.Picture, "https://") {
		p := a.Picture
		return &p
	}
	return nil
}
