import Markdown from 'react-markdown';
import '@/components/ui/markdown.css';

// Markdown (a guide's text), rendered safely: react-markdown builds React elements (never
// innerHTML), raw HTML in the text is dropped (skipHtml, no rehype-raw), and images are not
// shown. Loaded lazily, only where markdown is shown (a cultivo's guides, the guide editor's preview).
export default function MarkdownText({ text }: { text: string }) {
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
