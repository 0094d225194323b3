import '@/features/profile/profile.css';

/** /perfil: how points, harvest confirmation, conquistas and the monthly leagues work, in the member's words. */
export function HowPointsWork() {
  return (
    <section className="card how-points" aria-labelledby="perfil-como-funciona" id="como-funciona">
      <h2 id="perfil-como-funciona">Como funcionam os pontos</h2>
      <h3>Pontos</h3>
      <ul>
        <li>Você ganha pontos ao criar um cultivo, cuidar dele no diário, colher, publicar, comentar e receber curtidas.</li>
        <li>
          Cada cultivo paga uma rega por dia: regar de novo no mesmo dia fica registrado, mas não soma pontos. Os registros do diário e os posts também
          têm um limite diário que vale pontos.
        </li>
        <li>Existe um teto de pontos por dia. Quando ele é atingido, o histórico mostra &ldquo;Teto diário atingido&rdquo;.</li>
        <li>Curtidas só dão pontos quando vêm de contas com e-mail confirmado, e curtir o próprio post nunca conta.</li>
        <li>Apagar um post, comentário, registro do diário ou colheita devolve os pontos que ele deu.</li>
      </ul>
      <h3>Colheitas e confirmação</h3>
      <ul>
        <li>A primeira colheita de um cultivo vale mais; as seguintes valem menos, e cada cultivo paga no máximo uma colheita por dia.</li>
        <li>
          Uma colheita registrada antes do tempo esperado para o vegetal, ou acima do que o plantio costuma dar (pelas tabelas da Embrapa), fica
          &ldquo;a confirmar&rdquo;: não soma pontos nem conta nos rankings até um coordenador do grupo, ou dois outros membros, confirmarem.
        </li>
        <li>Na horta pessoal ninguém confirma: uma colheita assim fica fora dos rankings. Se foi engano de digitação, corrija a quantidade.</li>
        <li>Quem registrou pode corrigir ou apagar a colheita nas primeiras horas; pontos e quilos acompanham a correção.</li>
      </ul>
      <h3>Conquistas</h3>
      <ul>
        <li>Uma conquista desbloqueada fica com você, mesmo que depois você apague o que a desbloqueou.</li>
        <li>O progresso para as próximas conquistas conta o que você tem hoje: o que foi apagado sai da contagem.</li>
      </ul>
      <h3>Ligas do mês</h3>
      <ul>
        <li>
          Quem ganha pontos no mês entra em uma liga de cerca de 30 membros da sua série. Todo mundo começa na Série D; a melhor é a Série A.
        </li>
        <li>No fim do mês, os primeiros de cada liga sobem de série e os últimos descem. Assim você disputa com quem está no seu ritmo.</li>
        <li>O ranking de grupos conta os quilos confirmados por membro ativo, para que grupos grandes e pequenos disputem de igual para igual.</li>
      </ul>
    </section>
  );
}
