package domain

// The server's record of access (the store's access list): who is a site
// admin, who is refused, and the messages the API answers with.

// AuditActorSistema names the actor of an audit entry no admin made: the
// first admin of a stack (SyncAdmins, `make admin`, the local demo admin).
const AuditActorSistema = "sistema"

// ErrPapelProprio refuses a change of one's own admin role (either way).
func ErrPapelProprio() *Error {
	return Conflict("Você não pode mudar o seu próprio papel de administrador")
}

// ErrSessaoInvalida is the answer to a token the API refuses.
func ErrSessaoInvalida() *Error {
	return &Error{Code: EUnauthenticated, Message: "Sessão inválida ou expirada. Entre novamente."}
}

// ErrContaDesativada answers a disabled member's every request.
func ErrContaDesativada() *Error {
	return &Error{Code: EUnauthenticated, Message: "Sua conta está desativada. Fale com a equipe do Verde."}
}

// ErrContaExcluida answers every request of an account being (or already) deleted.
func ErrContaExcluida() *Error {
	return &Error{Code: EUnauthenticated, Message: "Esta conta foi excluída."}
}

// ErrSomenteAdmin refuses a member on an admin route.
func ErrSomenteAdmin() *Error { return Forbidden("Acesso restrito a administradores") }

// ErrAdminSemTOTP refuses an admin whose account has no TOTP MFA yet on an admin route. Its
// field, "mfa", tells the SPA to link to /configuracoes, where it is turned on.
func ErrAdminSemTOTP() *Error {
	return &Error{Code: EForbidden, Field: "mfa",
		Message: "Para usar o painel de administração, ative a verificação em duas etapas (aplicativo autenticador) em Configurações"}
}
