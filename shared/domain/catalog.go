package domain

// The catalogue: the vegetables a cultivo is made of and the conquistas a
// user unlocks. infra/seed holds the data; store/catalog.go its items.

// Regions are the keys of Vegetal.Semeadura, in the catalogue's order.
var Regions = []string{"sul", "sudeste", "nordeste", "centroOeste", "norte"}

// Vegetal is one row of the vegetable catalogue.
type Vegetal struct {
	ID   string `json:"id"`
	Nome string `json:"nome"`
	// Estacao separates the winter and summer cultivars the source lists apart
	// ("verao", "inverno"), "" when it does not.
	Estacao         string `json:"estacao,omitempty"`
	DiasColheitaMin int    `json:"diasColheitaMin"`
	DiasColheitaMax int    `json:"diasColheitaMax"`
	// DiasColheitaMin and DiasColheitaMax are 0 when no source gives the days to harvest.
	// Semeadura maps each region to the months (1–12) recommended for sowing there; an empty list
	// means not recommended in that region, and a nil map means the source publishes no calendar.
	Semeadura map[string][]int `json:"semeadura"`
	// Espacamento is the planting distance as the source writes it, or "" when no source was found.
	Espacamento string `json:"espacamento"`
	// EspacamentoFonte is "institucional", "nao-institucional" or "" (no spacing).
	EspacamentoFonte string `json:"espacamentoFonte"`
	Fonte            string `json:"fonte"`
	// FonteLinha is the source table's row (the species as printed there).
	FonteLinha string `json:"fonteLinha,omitempty"`
	// VegetalCare: what a grower reads on the vegetable (empty where no
	// source was found: left empty rather than invented).
	VegetalCare
	// Fontes names the source of each care field that has a value (keys
	// from CareFields).
	Fontes    map[string]Citacao `json:"fontes,omitempty"`
	Arquivado bool               `json:"arquivado,omitempty"`
	// Version counts the item's writes (1 when seeded); an admin edit must
	// name the version it was based on.
	Version int `json:"-"`
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
