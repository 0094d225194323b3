package mutiroes

import (
	"time"

	"github.com/verde-app/verde/shared/domain"
)

// escalaEvents are a weekly turn's coming occurrences.
func escalaEvents(a domain.AgendaItem, all []domain.AgendaItem, site string, now time.Time) []icsEvent {
	return nil
}
