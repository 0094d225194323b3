// JSON shapes of the API (CONTRACT / DESIGN §2); field names are the spec's.

export interface Profile {
  id: string;
  nome: string;
  email: string;
  foto: string | null;
  bio: string;
  nivel: number;
  conquistas: string[];
  dataCadastro: string;
  gruposParticipantes: string[];
  pontosTotais: number;
}

export interface UnreadCount {
  count: number;
}
