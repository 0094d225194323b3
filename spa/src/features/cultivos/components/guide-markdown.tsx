import Markdown from 'react-markdown';

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
