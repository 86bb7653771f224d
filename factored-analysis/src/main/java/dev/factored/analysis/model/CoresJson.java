package dev.factored.analysis.model;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;
import dev.factored.analysis.input.CoresText;
import dev.factored.contract.CoresTurn;
import dev.factored.contract.CoresValue;
import java.io.IOException;

/**
 * A {@code cores} value in analysis.json: written as its canonical spelling ({@link CoresValue#toString()}), read
 * back from that string here, where the text enters, and nowhere else. The file is the tool's own output, so a
 * spelling other than the canonical one is refused as it always was. The same for configurations measured in turn
 * ({@link CoresTurn}, a configuration's {@code sharedForks}).
 */
final class CoresJson {

    private CoresJson() {
    }

    static SimpleModule module() {
        return new SimpleModule("cores")
                .addSerializer(CoresValue.class, new Writer())
                .addDeserializer(CoresValue.class, new Reader())
                .addSerializer(CoresTurn.class, new TurnWriter())
                .addDeserializer(CoresTurn.class, new TurnReader());
    }

    private static final class TurnWriter extends StdScalarSerializer<CoresTurn> {

        TurnWriter() {
            super(CoresTurn.class);
        }

        @Override
        public void serialize(CoresTurn value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(value.toString());
        }
    }

    private static final class TurnReader extends StdScalarDeserializer<CoresTurn> {

        TurnReader() {
            super(CoresTurn.class);
        }

        @Override
        public CoresTurn deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (CoresTurn) ctxt.handleUnexpectedToken(CoresTurn.class, p);
            }
            String text = p.getText();
            try {
                CoresTurn value = CoresTurn.parse(text);
                if (!value.toString().equals(text)) {
                    throw new IllegalArgumentException("sharedForks \"" + text + "\" is not in its canonical "
                            + "spelling \"" + value + "\"");
                }
                return value;
            } catch (IllegalArgumentException e) {
                throw JsonMappingException.from(p, e.getMessage(), e);
            }
        }
    }

    private static final class Writer extends StdScalarSerializer<CoresValue> {

        Writer() {
            super(CoresValue.class);
        }

        @Override
        public void serialize(CoresValue value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(value.toString());
        }
    }

    private static final class Reader extends StdScalarDeserializer<CoresValue> {

        Reader() {
            super(CoresValue.class);
        }

        @Override
        public CoresValue deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (CoresValue) ctxt.handleUnexpectedToken(CoresValue.class, p);
            }
            String text = p.getText();
            try {
                CoresValue value = CoresText.read(text);
                if (!value.toString().equals(text)) {
                    throw new IllegalArgumentException("cores \"" + text + "\" is not in its canonical spelling \""
                            + value + "\"");
                }
                return value;
            } catch (IllegalArgumentException e) {
                throw JsonMappingException.from(p, e.getMessage(), e);
            }
        }
    }
}
