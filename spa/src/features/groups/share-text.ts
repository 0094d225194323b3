// What a group's links say when shared (WhatsApp, the phone's share sheet): Portuguese, one
// sentence or two, the link added after them by components/ui/share.ts.

/** An invite: whoever opens it may join, even a private group. */
export function inviteText(groupName: string): string {
  return `Venha cultivar com a gente! Você foi convidado para o grupo "${groupName}" no Verde, o app de hortas comunitárias. Entre pelo link:`;
}

/** The public group page: where it is, and an invitation to look. */
export function groupPageText(group: { nome: string; cidade: string; uf: string }): string {
  return `Conheça o grupo "${group.nome}", uma horta comunitária em ${group.cidade}/${group.uf}, no Verde:`;
}
