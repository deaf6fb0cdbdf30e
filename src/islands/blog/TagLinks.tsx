/** A post's topics, each a link to the blog narrowed to it. */
export function TagLinks({ tags, className = 'post-tags' }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={className} aria-label="Topics">
      {tags.map((tag) => (
        <li key={tag}>
          <a href={`/blog?${new URLSearchParams({ tag })}`}>{tag}</a>
        </li>
      ))}
    </ul>
  );
}
