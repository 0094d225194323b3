package cultivos_test

import "github.com/verde-app/verde/shared/domain"

func todayDate() string { return domain.FormatDate(domain.LocalDate(env.Deps.Now())) }
