// The community member form's fieldsets, grids, file control label and signature images draw
// exactly what Mantine's Fieldset, SimpleGrid, Input.Wrapper and Image draw (decision 097).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  Fieldset as MantineFieldset,
  Image,
  Input,
  MantineProvider,
  SimpleGrid,
} from "@mantine/core";
import {
  FileWrapper,
  Fieldset,
  GRID,
  Grid,
  GridStyle,
  SignatureImage,
} from "~/components/community/markup";
import { theme } from "~/theme";

function html(element: React.ReactElement, keepInlineStyles = false): string {
  return renderToStaticMarkup(<MantineProvider theme={theme}>{element}</MantineProvider>).replace(
    keepInlineStyles
      ? /<style data-mantine-styles="(true|classes)"[\s\S]*?<\/style>/g
      : /<style[\s\S]*?<\/style>/g,
    "",
  );
}

describe("community member form markup", () => {
  it("Fieldset, with and without a class", () => {
    for (const className of [undefined, "guardian"]) {
      expect(
        html(
          <Fieldset legend="Guardian / Contact 1" className={className}>
            <input name="x" />
          </Fieldset>,
        ),
      ).toBe(
        html(
          <MantineFieldset legend="Guardian / Contact 1" className={className}>
            <input name="x" />
          </MantineFieldset>,
        ),
      );
    }
  });

  it("SimpleGrid cols={{ base: 1, sm: 2 }}: same element, same variables under its own class", () => {
    const mantine = html(
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <span />
      </SimpleGrid>,
      true,
    );
    // Mantine names each grid's class with a generated id; ours is one fixed class for all.
    const generated = /class="m_2415a157 mantine-SimpleGrid-root (__m__-[^"]+)"/.exec(mantine)![1]!;
    expect(
      html(
        <>
          <GridStyle />
          <Grid>
            <span />
          </Grid>
        </>,
        true,
      ).replace(/<style>/, '<style data-mantine-styles="inline">'),
    ).toBe(mantine.replaceAll(generated, GRID));
  });

  it("Input.Wrapper around a file control", () => {
    const control = <input id="f-file" name="signatureFile" type="file" />;
    expect(
      html(
        <FileWrapper id="f-file" label="Upload a signature image (PNG)">
          {control}
        </FileWrapper>,
      ),
    ).toBe(
      html(
        <Input.Wrapper id="f-file" label="Upload a signature image (PNG)">
          {control}
        </Input.Wrapper>,
      ),
    );
  });

  it("Image, with and without the border", () => {
    expect(
      html(<SignatureImage src="data:image/png;base64,AA" alt="Signature on file" bordered />),
    ).toBe(
      html(
        <Image
          src="data:image/png;base64,AA"
          alt="Signature on file"
          maw={300}
          bd="1px solid gray.4"
        />,
      ),
    );
    expect(html(<SignatureImage src="x.png" alt="Signature received" />)).toBe(
      html(<Image src="x.png" alt="Signature received" maw={300} />),
    );
  });
});
