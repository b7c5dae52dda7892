import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import TitleIcon from '@mui/icons-material/Title';

interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  helperText?: string;
}

/** Only what the server's sanitiser keeps: paragraphs, emphasis, small headings, lists, quotes, links. */
const extensions = [
  StarterKit.configure({
    heading: { levels: [3, 4] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true },
  }),
];

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('pages');
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
    }),
  });
  const buttons = [
    {
      key: 'bold',
      icon: <FormatBoldIcon />,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      icon: <FormatItalicIcon />,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: 'heading',
      icon: <TitleIcon />,
      run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bulletList',
      icon: <FormatListBulletedIcon />,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      icon: <FormatListNumberedIcon />,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'blockquote',
      icon: <FormatQuoteIcon />,
      run: () => editor.chain().focus().toggleBlockquote().run(),
    },
  ] as const;
  return (
    <Box
      role="toolbar"
      aria-label={t('opportunities.wizard.editor.toolbar')}
      sx={{ display: 'flex', gap: 0.5, borderBottom: 1, borderColor: 'divider', p: 0.5 }}
    >
      {buttons.map((button) => (
        <Tooltip key={button.key} title={t(`opportunities.wizard.editor.${button.key}`)}>
          <IconButton
            size="small"
            aria-label={t(`opportunities.wizard.editor.${button.key}`)}
            aria-pressed={active[button.key]}
            color={active[button.key] ? 'primary' : 'default'}
            onClick={button.run}
          >
            {button.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Box>
  );
}

/** The description's rich text (tiptap); the server sanitises whatever arrives. */
export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  error,
  helperText,
}: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': helpId,
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // A draft loaded after the editor was created (or saved and cleaned by the server) replaces its text.
  useEffect(() => {
    if (!editor || editor.isFocused) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (shown !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Box>
      <FormLabel
        id={labelId}
        htmlFor={id}
        error={Boolean(error)}
        sx={{ display: 'block', mb: 0.5 }}
      >
        {label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: 1 },
          '& .tiptap': { minHeight: 180, p: 1.5, outline: 'none' },
          '& .tiptap p': { my: 1 },
        }}
      >
        {editor ? <Toolbar editor={editor} /> : null}
        <EditorContent editor={editor} />
      </Box>
      <FormHelperText id={helpId} error={Boolean(error)}>
        {error ?? helperText}
      </FormHelperText>
    </Box>
  );
}
