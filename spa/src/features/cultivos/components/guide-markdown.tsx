import Markdown from 'react-markdown';
import '@/features/cultivos/cultivos.css';

// A guide's markdown, rendered safely: react-markdown builds React elements (never
// innerHTML), raw HTML in the text is dropped (skipHtml, no rehype-raw), and images are not
// shown. Loaded lazily, only where a guide is shown.
export default function GuideMarkdown({ text }: { text: string }) {
  return (
    <div className="guide-body">
      <Markdown
        skipHtml
        disallowedElements={['img']}
        components={{
          // Under the guide's own title (h3): the text's headings sit below it.
          h1: ({ children }) => <h4>{children}</h4>,
          h2: ({ children }) => <h4>{children}</h4>,
          h3: ({ children }) => <h4>{children}</h4>,
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow">
              {children}
            </a>
          ),
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
