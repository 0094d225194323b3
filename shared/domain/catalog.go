package domain

// The catalogue: the vegetables a cultivo is made of and the conquistas a
// user unlocks. infra/seed holds the data; store/catalog.go its items.

// Regions are the keys of Vegetable.Semeadura, in the catalogue's order.
var Regions = []string{"sul", "sudeste", "nordeste", "centroOeste", "norte"}

// Vegetable is one row of the vegetable catalogue.
type Vegetable struct {
	ID              string `json:"id"`
	Nome            string `json:"nome"`
	DiasColheitaMin int    `json:"diasColheitaMin"`
	DiasColheitaMax int    `json:"diasColheitaMax"`
	// Semeadura maps each region to the months (1–12) recommended for sowing there; an empty list
	// means not recommended in that region, and a nil map means the source publishes no calendar.
	Semeadura map[string][]int `json:"semeadura"`
	// Espacamento is the planting distance as the source writes it, or "" when no source was found.
	Espacamento string `json:"espacamento"`
	// EspacamentoFonte is "institucional", "nao-institucional" or "" (no spacing).
	EspacamentoFonte string `json:"espacamentoFonte"`
	Fonte            string `json:"fonte"`
}

// Criterio says what unlocks a conquista: Quantidade occurrences of Evento.
type Criterio struct {
	Evento     string `json:"evento"`
	Quantidade int    `json:"quantidade"`
}

// Conquista is one achievement of the catalogue.
type Conquista struct {
	Codigo    string   `json:"codigo"`
	Nome      string   `json:"nome"`
	Descricao string   `json:"descricao"`
	Criterio  Criterio `json:"criterio"`
}
