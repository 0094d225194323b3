package me

import (
	"log/slog"
	"net/http"

	"github.com/verde-app/verde/shared/api"
	"github.com/verde-app/verde/shared/api/kit"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/auth"
	"github.com/verde-app/verde/shared/domain"
	"github.com/verde-app/verde/shared/store"
)

// handleGetMe returns the caller's profile and creates it when absent: a
// Google sign-in (or a failed PostConfirmation) leaves a user with none.
func handleGetMe(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Profile, error) {
		c := auth.FromContext(r.Context())
		p, found, err := d.Store.MyProfile(r.Context(), c.Sub)
		if err != nil {
			return Profile{}, err
		}
		if !found {
			initial, err := d.ProfileFromCognito(r.Context(), c)
			if err != nil {
				return Profile{}, err
			}
			p, _, err = d.Store.CreateProfile(r.Context(), initial)
			if err != nil {
				return Profile{}, err
			}
		}
		if !p.EmailVerificado {
			// Verified since (the banner's code): likes and reports of this
			// account count from now on. One GetUser while it is not.
			if ok, err := d.EmailVerified(r.Context(), c); err != nil {
				slog.WarnContext(r.Context(), "email verification state", "err", err)
			} else if ok {
				if err := d.Store.MarkEmailVerified(r.Context(), c.Sub); err != nil {
					return Profile{}, err
				}
			}
		}
		return profileOf(p), nil
	})
}

func handlePutMe(d app.Deps) http.Handler {
	return kit.Read(d, http.StatusOK, func(r *http.Request, _ store.Actor) (Profile, error) {
		c := auth.FromContext(r.Context())
		upd, err := api.Decode[domain.ProfileUpdate](r)
		if err != nil {
			return Profile{}, err
		}
		ctx := r.Context()
		if upd.Foto != nil && domain.IsFotoKey(*upd.Foto) {
			// The photo the profile shows already, sent again, is no change.
			if _, ok := domain.ParseProcessedFoto(*upd.Foto); ok {
				cur, _, err := d.Store.Profile(ctx, c.Sub)
				if err != nil {
					return Profile{}, err
				}
				if cur.Foto != nil && *cur.Foto == *upd.Foto {
					upd.Foto = nil
				}
			}
		}
		if upd.Foto != nil && domain.IsFotoKey(*upd.Foto) {
			c2, fotos, err := kit.Photos(ctx, c.Sub, "foto", []string{*upd.Foto})
			if err != nil {
				return Profile{}, err
			}
			ctx, upd.Foto = c2, &fotos[0]
		}
		p, err := d.Store.UpdateProfile(ctx, c.Sub, upd)
		if err != nil {
			return Profile{}, err
		}
		if upd.Foto != nil {
			kit.StartPhotosJob(r.Context()) // the photo replaced, if any
		}
		return profileOf(p), nil
	})
}
